import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { type RpcRequest, VIDEO_MAX_BYTES, type videoRpc } from '@hub/proto';
import { type ObjectStorage, type RpcClient, RpcCallError } from '@hub/kit';
import type { StoredFileReply } from '../files/stored-file-reply.js';
import type { UploadReceiver } from '../uploads/upload-receiver.js';
import { parseLinkedSops, recordedAtOf, VideosController } from './videos.controller.js';

describe('recordedAtOf', () => {
  it('keeps a recording date the database can store, as ISO', () => {
    expect(recordedAtOf('2026-11-20')).toBe('2026-11-20T00:00:00.000Z');
    expect(recordedAtOf('2026-11-20T08:00:00.000Z')).toBe('2026-11-20T08:00:00.000Z');
  });
});

describe('parseLinkedSops', () => {
  it('keeps the upload dialog’s list of {sopId, sopTitle}', () => {
    expect(parseLinkedSops('[{"sopId":12,"sopTitle":"Cooling"}]')).toEqual([
      { sopId: 12, sopTitle: 'Cooling' },
    ]);
    expect(parseLinkedSops('')).toEqual([]);
  });

  it('refuses, before the file, an id no row can have or an endless title', () => {
    const lists = [
      [{ sopId: 2 ** 31, sopTitle: 'Cooling' }],
      [{ sopId: 0, sopTitle: 'Cooling' }],
      [{ sopId: '12', sopTitle: 'Cooling' }],
      [{ sopId: 12, sopTitle: 'x'.repeat(501) }],
    ];
    for (const list of lists) {
      expect(() => parseLinkedSops(JSON.stringify(list))).toThrow(BadRequestException);
    }
  });
});

describe('the create of an uploaded video', () => {
  const request = { storageKey: 'org/1/videos/a.mp4' } as RpcRequest<typeof videoRpc.create>;

  /** A controller whose video service answers each ask with the next of these failures. */
  function controller(failures: RpcCallError[]) {
    const removed: string[] = [];
    const rpc = {
      call: async () => {
        throw failures.shift();
      },
    } as unknown as RpcClient;
    const storage = {
      remove: async (key: string) => {
        removed.push(key);
      },
    } as unknown as ObjectStorage;
    const videos = new VideosController(rpc, {} as UploadReceiver, storage, {} as StoredFileReply, {
      VIDEO_UPLOAD_MAX_BYTES: VIDEO_MAX_BYTES,
    });
    return { videos, removed };
  }

  const refused = new RpcCallError({ kind: 'validation', message: 'SOP not found' });
  const unanswered = new RpcCallError({ kind: 'unavailable', message: 'no answer' });

  it('deletes the file when the service refused the first ask', async () => {
    const { videos, removed } = controller([refused]);
    await expect(videos['create'](request)).rejects.toBe(refused);
    expect(removed).toEqual([request.storageKey]);
  });

  it('keeps it when a later ask is refused: the unanswered one may yet record it', async () => {
    const { videos, removed } = controller([unanswered, refused]);
    await expect(videos['create'](request)).rejects.toBe(refused);
    expect(removed).toEqual([]);
  });
});
