export default function Spinner({ label = "Loading", className = "" }: { label?: string; className?: string }) {
  return <span role="status" aria-label={label} className={`loading loading-spinner ${className}`} />;
}
