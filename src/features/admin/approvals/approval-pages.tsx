/** The two queues of the registry (approvals/lawyers, approvals/expats), each its own screen. */
import { ApprovalQueue } from './approval-queue';

export function LawyerApprovalsPage() {
  return <ApprovalQueue role="lawyer" />;
}

export function ExpatApprovalsPage() {
  return <ApprovalQueue role="expat" />;
}
