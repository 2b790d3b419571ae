/** The three lists of the registry (users/clients, users/providers/lawyers, users/providers/expats). */
import { UsersList } from './users-list';

export function ClientsPage() {
  return <UsersList role="client" />;
}

export function LawyersPage() {
  return <UsersList role="lawyer" />;
}

export function ExpatsPage() {
  return <UsersList role="expat" />;
}
