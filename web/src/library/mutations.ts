import { type Folder, type LibraryDocument, type VersionAcknowledgement } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '../api/client';
import { failureToast } from '../api/errors';
import { isEvaluationChanged } from '../evaluations/ConflictNotice';
import { refreshEvaluation } from '../evaluations/queries';
import { toast } from '../toast/toastStore';
import {
  acknowledgementQuery,
  documentMarkdownQuery,
  documentVersionsQuery,
  foldersQuery,
  refreshLibrary,
  tagsQuery,
} from './queries';
import { uploadDocument, uploadFailureToast, type UploadDraft } from './uploadDocument';
import { uploadDocumentVersion } from './versions';
import { refreshQueries } from '../api/refresh';

/**
 * Acknowledging the version of an SOP the page shows, from the changes page or the operator's
 * reader: one request, one toast, and the caller refreshes what it shows. A newer version
 * uploaded meanwhile is refused (409): the page reloads to show it.
 */
export function useAcknowledgeVersion(
  documentId: number,
  version: number,
  handlers: {
    onAcknowledged: (acknowledged: VersionAcknowledgement) => Promise<unknown> | void;
    reload: () => Promise<unknown>;
  },
) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () =>
      call(api.acknowledgeDocument, { params: { id: documentId }, body: { version } }),
    onSuccess: async (acknowledged) => {
      toast({ title: t('library.acknowledge.done'), description: acknowledged.title });
      await handlers.onAcknowledged(acknowledged);
    },
    onError: async (error) => {
      toast(failureToast(t('library.acknowledge.error'), error, t('library.acknowledge.failed')));
      if (isApiError(error, 409)) await handlers.reload();
    },
  });
}

/** The changes page's acknowledgement: the answer replaces the page's own. */
export function useAcknowledgeOnChangesPage(documentId: number, version: number) {
  const queryClient = useQueryClient();
  const { queryKey } = acknowledgementQuery(documentId);
  return useAcknowledgeVersion(documentId, version, {
    onAcknowledged: (acknowledged) => {
      queryClient.setQueryData(queryKey, acknowledged);
    },
    reload: () => refreshQueries(queryClient, queryKey),
  });
}

export function useUploadDocument({
  onProgress,
  onUploaded,
}: {
  onProgress: (percent: number | null) => void;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, file }: { draft: UploadDraft; file: File }) =>
      uploadDocument(draft, file, onProgress),
    onMutate: () => onProgress(0),
    onSuccess: async (document) => {
      toast({
        title: t('library.uploaded'),
        description: t('library.beingProcessed', { title: document.title }),
      });
      onUploaded();
      await refreshLibrary(queryClient);
    },
    onError: (error) => toast(uploadFailureToast(error)),
    onSettled: () => onProgress(null),
  });
}

export function useDeleteDocument(document: LibraryDocument) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.deleteDocument, { params: { id: document.id } }),
    onSuccess: async () => {
      toast({
        title: t('library.list.deleted'),
        description: t('library.list.deletedDescription', { title: document.title }),
      });
      await refreshLibrary(queryClient);
    },
    // Spec section 8: no server message is shown for delete failures.
    onError: () => toast({ title: t('library.list.deleteFailed'), variant: 'destructive' }),
  });
}

/** A new version of a document, with its change note; `onProgress` follows the upload. */
export function useUploadVersion(
  documentId: number,
  {
    onProgress,
    onUploaded,
  }: { onProgress: (percent: number | null) => void; onUploaded: () => void },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ note, file }: { note: string; file: File }) =>
      uploadDocumentVersion(documentId, note, file, onProgress),
    onSuccess: async () => {
      toast({
        title: t('library.versions.uploaded'),
        description: t('library.versions.uploadedDescription'),
      });
      await Promise.all([
        refreshLibrary(queryClient),
        refreshQueries(queryClient, documentVersionsQuery(documentId).queryKey),
      ]);
      queryClient.removeQueries({ queryKey: documentMarkdownQuery(documentId).queryKey });
      onUploaded();
    },
    onError: (error) => toast(uploadFailureToast(error)),
    onSettled: () => onProgress(null),
  });
}

/** The viewer's retry of a failed processing: the content is fetched again afterwards. */
export function useRetryDocument(documentId: number, onRetried: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.retryDocument, { params: { id: documentId } }),
    onSuccess: async () => {
      await refreshLibrary(queryClient);
      queryClient.removeQueries({ queryKey: documentMarkdownQuery(documentId).queryKey });
      onRetried();
    },
    onError: (error) =>
      toast(
        failureToast(
          t('library.viewer.retryFailed'),
          error,
          t('library.viewer.retryFailedDescription'),
        ),
      ),
  });
}

/** The Evaluation tab's retry: the server runs the generation again (the SOP content is kept). */
export function useRetryEvaluation(documentId: number, onRetried: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.retryDocument, { params: { id: documentId } }),
    onSuccess: async () => {
      await refreshLibrary(queryClient);
      onRetried();
    },
    onError: (error) =>
      toast(
        failureToast(
          t('library.evaluation.retryFailed'),
          error,
          t('library.evaluation.retryFailedDescription'),
        ),
      ),
  });
}

/**
 * Publishes the evaluation the reviewer read (its `updatedAt`): one a generation or another
 * reviewer changed since is refused (409 `evaluation_changed`) rather than published unseen.
 */
export function publishAsRead(documentId: number, read: { updatedAt: string }) {
  return call(api.publishEvaluation, {
    params: { id: documentId },
    body: { updatedAt: read.updatedAt },
  });
}

export function usePublishDocumentEvaluation(documentId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: { updatedAt: string }) => publishAsRead(documentId, read),
    onSuccess: async () => {
      toast({
        title: t('library.evaluation.published'),
        description: t('library.evaluation.publishedDescription'),
      });
      await refreshEvaluation(queryClient, documentId);
    },
    onError: async (error) => {
      toast(
        failureToast(
          t('library.evaluation.publishFailed'),
          error,
          t('library.evaluation.publishFailedDescription'),
        ),
      );
      // Changed meanwhile: the tab shows the evaluation as it is now, to read before publishing.
      if (isEvaluationChanged(error)) await refreshEvaluation(queryClient, documentId);
    },
  });
}

export function useRegenerateEvaluation(documentId: number, onGenerationStarted: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.regenerateEvaluation, { params: { id: documentId } }),
    onSuccess: async () => {
      toast({
        title: t('library.evaluation.regenerating'),
        description: t('library.evaluation.regeneratingDescription'),
      });
      await refreshLibrary(queryClient);
      onGenerationStarted();
    },
    onError: (error) =>
      toast(
        failureToast(
          t('library.evaluation.regenerateFailed'),
          error,
          t('library.evaluation.regenerateFailedDescription'),
        ),
      ),
  });
}

/** A new folder, inside `parentFolderId` (null: top level); `onSaved` runs before the refetch. */
export function useCreateFolder(onSaved: () => void, onCreated: (folder: Folder) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      name: string;
      description: string | null;
      parentFolderId: number | null;
    }) => call(api.createFolder, { body }),
    onSuccess: async (folder) => {
      toast({
        title: t('library.folders.created'),
        description: t('library.folders.createdDescription', { name: folder.name }),
      });
      onSaved();
      await refreshQueries(queryClient, foldersQuery.queryKey);
      onCreated(folder);
    },
    // Spec section 8: no server message is shown for folder failures.
    onError: () => toast({ title: t('library.folders.createFailed'), variant: 'destructive' }),
  });
}

export function useCreateTag(onCreated: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; color: string }) => call(api.createTag, { body }),
    onSuccess: async (tag) => {
      toast({
        title: t('library.tags.created'),
        description: t('library.tags.createdDescription', { name: tag.name }),
      });
      onCreated();
      await refreshQueries(queryClient, tagsQuery.queryKey);
    },
    // Spec section 8: no server message is shown for tag failures.
    onError: () => toast({ title: t('library.tags.createFailed'), variant: 'destructive' }),
  });
}
