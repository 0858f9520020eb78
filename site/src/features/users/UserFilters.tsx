// Above the users table (SPEC §2 User Management): the counts of the filtered list (Total Users, Admins), the
// search by username or e-mail and the role filter. Counts and table narrow together.
import { ROLES, type Role } from "@api/modules/auth/schema";
import { SearchIcon } from "../admin/icons";

type RoleFilter = "ALL" | Role;
export type UserFilter = { search: string; role: RoleFilter };

const Stat = ({ title, value, testId }: { title: string; value: number; testId: string }) => (
  <div className="stat">
    <div className="stat-title">{title}</div>
    <div className="stat-value" data-testid={testId}>
      {value}
    </div>
  </div>
);

/** The counts of the whole filtered list (the server counts it; the table holds one page at a time). */
type Props = { counts: { total: number; admins: number }; filter: UserFilter; onChange: (filter: UserFilter) => void };

export default function UserFilters({ counts, filter, onChange }: Props) {
  return (
    <>
      <div className="stats stats-vertical w-full border border-base-300 bg-base-200 sm:stats-horizontal">
        <Stat title="Total Users" value={counts.total} testId="total-users" />
        <Stat title="Admins" value={counts.admins} testId="admin-count" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="input w-full sm:max-w-sm">
          <SearchIcon className="h-4 w-4 opacity-60" />
          <input
            type="search"
            className="grow"
            placeholder="Search by username or email"
            aria-label="Search users"
            value={filter.search}
            onChange={(e) => onChange({ ...filter, search: e.target.value })}
          />
        </label>
        <select
          className="select w-full sm:w-44"
          aria-label="Filter by role"
          value={filter.role}
          onChange={(e) => onChange({ ...filter, role: e.target.value as RoleFilter })}
        >
          <option value="ALL">All Roles</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
