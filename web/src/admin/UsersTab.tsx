import { CreateUserForm } from './CreateUserForm';
import { RecentUsersList } from './RecentUsersList';

export function UsersTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CreateUserForm />
      <RecentUsersList />
    </div>
  );
}
