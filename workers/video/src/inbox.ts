import { VideoInboxMessage } from '@hub/proto/jobs';

/** Where results go: the video service's inbox queue. */
export interface Inbox {
  add(name: string, message: VideoInboxMessage): Promise<unknown>;
}

export const sendTo = (inbox: Inbox) => async (message: VideoInboxMessage) => {
  await inbox.add(message.kind, VideoInboxMessage.parse(message));
};
