import { z } from 'zod';

/** Facts one service announces and others react to; each service handles what concerns it. */
export const DomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('organization.deleted'), organizationId: z.number().int() }),
  z.object({
    type: z.literal('user.deleted'),
    userId: z.number().int(),
    organizationId: z.number().int(),
  }),
  /** A profile picture was set or changed: the video service enrols its face. */
  z.object({
    type: z.literal('user.picture-changed'),
    userId: z.number().int(),
    organizationId: z.number().int(),
    pictureKey: z.string(),
    changedBy: z.number().int(),
  }),
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
