import { CreateOrganizationForm } from './CreateOrganizationForm';
import { OrganizationList } from './OrganizationList';

export function OrganizationsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CreateOrganizationForm />
      <OrganizationList />
    </div>
  );
}
