/** The admins a contact message may be assigned to, and their names by uid. */
import { useMemo } from 'react';
import { useAdminQuery } from '../ui/use-admin-query';

export type Assignee = { uid: string; name: string };

export function useAssignees() {
  const result = useAdminQuery<{ assignees: Assignee[] }>('contact-messages/assignees');
  const list = useMemo(() => result.data?.assignees ?? [], [result.data]);
  const nameOf = (uid: string | undefined) =>
    uid ? (list.find((a) => a.uid === uid)?.name ?? uid) : undefined;
  return { list, nameOf };
}
