import type { TeamMemberStatus } from '@hub/proto';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/Badge';
import { statusBadge } from './format';

/** A member's status as a badge of its own tone: active, pending or suspended. */
export function StatusBadge({ status }: { status: TeamMemberStatus }) {
  // Subscribed to the language, so the label follows a change of it.
  useTranslation();
  const { tone, label } = statusBadge(status);
  return <Badge tone={tone}>{label}</Badge>;
}
