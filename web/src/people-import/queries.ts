import { type PeopleImportStatus, routePath } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { importEnded } from './format';

/** Polled every second until the import has ended. */
export function peopleImportQuery(id: number) {
  return queryOptions({
    queryKey: [api.peopleImport.path, id],
    queryFn: ({ signal }): Promise<PeopleImportStatus> =>
      call(api.peopleImport, { params: { id }, signal }),
    refetchInterval: (query) => (importEnded(query.state.data) ? false : 1000),
  });
}

export const rejectedRowsUrl = (id: number) => routePath(api.peopleImportRejectedCsv, { id });
