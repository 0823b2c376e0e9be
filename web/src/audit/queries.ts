import { type AuditPage } from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first; the server scopes it to the reader's organization. */
export const auditLogQuery = infiniteQueryOptions({
  queryKey: [api.auditLog.path, 'pages'],
  queryFn: ({ signal, pageParam }): Promise<AuditPage> =>
    call(api.auditLog, { query: { limit: AUDIT_PAGE_SIZE, cursor: pageParam }, signal }),
  ...cursorPaging,
});
