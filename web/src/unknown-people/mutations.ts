import { type NamedUnknownPerson } from '@hub/proto';
import { api } from '../api/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { useContractMutation } from '../api/useContractMutation';
import { teamMemberPagesKey } from '../team/queries';
import { videoListsKey, videoPagesKey } from '../videos/queries';
import { unknownPeopleKey } from './queries';

/**
 * Names every face of the unknown person: the reports change on the server at once, so the
 * videos, their reports, the people and a member's page are fetched again.
 */
export function useNameUnknownPerson(onNamed: () => void) {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: ({ id, userId }: { id: number; userId: number }): Promise<NamedUnknownPerson> =>
      call(api.nameUnknownPerson, { params: { id }, body: { userId } }),
    invalidates: [videoListsKey, unknownPeopleKey, videoPagesKey, teamMemberPagesKey],
    // The server's `message` is English; the counts are worded here, with the faces left.
    success: (named) => ({
      title: t('unknownPeople.named'),
      description: [
        t('unknownPeople.namedSummary', {
          faces: t('unknownPeople.namedFaces', { count: named.faces }),
          videos: t('unknownPeople.videos', { count: named.videos }),
        }),
        ...(named.left > 0 ? [t('unknownPeople.namedLeft', { count: named.left })] : []),
      ].join(' '),
    }),
    onSuccess: onNamed,
    failure: { title: t('unknownPeople.notNamed'), fallback: t('unknownPeople.tryAgain') },
  });
}
