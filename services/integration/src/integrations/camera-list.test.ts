import { CAMERA_LIST_MAX, type CameraList } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import type { AssignmentsRepository } from '../assignments/assignments.repository.js';
import type { CameraProvider, ProviderCamera } from '../provider/camera-provider.js';
import type { CloudCameraProviders } from '../provider/cloud-camera-provider.js';
import type { Credentials } from './credentials.js';
import type { IntegrationRow, IntegrationsRepository } from './integrations.repository.js';
import { IntegrationsService } from './integrations.service.js';

const camera = (n: number): ProviderCamera => ({
  id: `cam-${n}`,
  name: `Camera ${n}`,
  model: 'Dome',
  notes: '',
});

/**
 * The service over a camera system of `count` cameras, which answers at most the number asked
 * for and whether more were left unread; `asked` records that number.
 */
function serviceOver(count: number) {
  const asked: number[] = [];
  const provider = {
    listCameras: (max: number) => {
      asked.push(max);
      const cameras = Array.from({ length: Math.min(count, max) }, (_, index) => camera(index + 1));
      return Promise.resolve({ cameras, more: count > max });
    },
  } as unknown as CameraProvider;
  const row = { id: 1, base_url: 'https://cameras.example' } as IntegrationRow;
  const service = new IntegrationsService(
    { find: () => Promise.resolve(row) } as unknown as IntegrationsRepository,
    { byCamera: () => Promise.resolve(new Map()) } as unknown as AssignmentsRepository,
    { open: () => ({}) } as unknown as Credentials,
    { open: () => provider } as unknown as CloudCameraProviders,
  );
  return { service, asked };
}

const summary = (list: CameraList) => ({ ...list, cameras: list.cameras.length });

describe('the cameras of a camera system', () => {
  it('are every camera up to the documented maximum', async () => {
    const { service, asked } = serviceOver(CAMERA_LIST_MAX);
    expect(summary(await service.cameras(1))).toEqual({
      success: true,
      message: '10,000 cameras found',
      cameras: CAMERA_LIST_MAX,
    });
    expect(asked).toEqual([CAMERA_LIST_MAX]);
  });

  it('beyond it, are the first ones with a notice saying so and what to do', async () => {
    const { service } = serviceOver(CAMERA_LIST_MAX + 1);
    const list = await service.cameras(1);
    expect(summary(list)).toEqual({
      success: false,
      message: 'The camera system lists more than 10,000 cameras: the first 10,000 are shown.',
      technicalDetails: {
        suggestion:
          'Limit the API client of this integration to the cameras the platform should see.',
      },
      cameras: CAMERA_LIST_MAX,
    });
    expect(list.cameras.at(-1)).toMatchObject({ id: 'cam-10000', status: 'Available' });
  });
});
