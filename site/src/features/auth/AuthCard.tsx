// The centred card every account screen sits in (login, register, verify, forgot, reset): one h1 per page.
import type { ReactNode } from "react";

type Props = { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; testId?: string };

export default function AuthCard({ title, subtitle, children, footer, testId }: Props) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 md:py-16" data-testid={testId}>
      <div className="card border border-base-300 bg-base-200 shadow-sm">
        <div className="card-body gap-4">
          <div>
            <h1 className="text-2xl font-bold">{title}</h1>
            {subtitle && <p className="mt-1 opacity-80">{subtitle}</p>}
          </div>
          {children}
          {footer && <div className="text-center text-sm opacity-90">{footer}</div>}
        </div>
      </div>
    </section>
  );
}
