import { Link } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui/button';
import { ROLE_NAMES, rolesOf, type Section, type StaffRole } from '@/admin/kit/session/roles';

/**
 * What a link to a section of another role shows (an address shared by a colleague, a bookmark
 * from before a role change): whose section it is and the way back to one's own. The database
 * would refuse its data anyway; this says so plainly instead of an empty list or an error.
 */
export function OtherRoleNote({ section, name, role, home, homeName }: { section: Section; name: string; role: StaffRole; home: string; homeName: string }) {
  const owners = rolesOf(section).map((r) => `„${ROLE_NAMES[r]}“`);
  return (
    <section aria-labelledby="other-role-note" className="mx-auto mt-6 grid max-w-xl justify-items-center gap-4 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h2 id="other-role-note" className="text-lg font-semibold text-slate-900">
        Разделът „{name}“ не е за вашата роля
      </h2>
      <p className="text-slate-800">
        Ролята ви е „{ROLE_NAMES[role]}“. Разделът е за {owners.length > 1 ? `ролите ${owners.join(' и ')}` : `ролята ${owners[0]}`}. Ако
        ви трябва, помолете администратор да промени ролята ви.
      </p>
      <Link to={home} className={buttonClasses()}>
        Към „{homeName}“
      </Link>
    </section>
  );
}
