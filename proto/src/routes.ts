import { systemRoutes } from './routes/system.js';
import { authRoutes } from './routes/auth.js';
import { userRoutes } from './routes/user.js';
import { statsRoutes } from './routes/stats.js';
import { adminRoutes } from './routes/admin.js';
import { notificationsRoutes } from './routes/notifications.js';
import { libraryRoutes } from './routes/library.js';
import { mySopsRoutes } from './routes/my-sops.js';
import { evaluationsRoutes } from './routes/evaluations.js';
import { filesRoutes } from './routes/files.js';
import { samlRoutes } from './routes/saml.js';
import { observationsRoutes } from './routes/observations.js';
import { videoRoutes } from './routes/video.js';
import { faceRoutes } from './routes/faces.js';
import { integrationsRoutes } from './routes/integrations.js';
import { floorRoutes } from './routes/floor.js';
import { certificationsRoutes } from './routes/certifications.js';
import { teamRoutes } from './routes/team.js';
import { insightsRoutes } from './routes/insights.js';
import { recommendationsRoutes } from './routes/recommendations.js';
import { skillsRoutes } from './routes/skills.js';
import { scimTokenRoutes } from './routes/scim-tokens.js';
import { peopleImportsRoutes } from './routes/people-imports.js';
import { apiTokenRoutes } from './routes/api-tokens.js';
import { webhookRoutes } from './routes/webhooks.js';

/**
 * Every HTTP route of the product, one table per domain. The gateway registers, guards and
 * validates from it, the OpenAPI document is generated from it, and the web app calls through it.
 */
export const api = {
  ...systemRoutes,
  ...authRoutes,
  ...userRoutes,
  ...statsRoutes,
  ...adminRoutes,
  ...notificationsRoutes,
  ...libraryRoutes,
  ...mySopsRoutes,
  ...evaluationsRoutes,
  ...filesRoutes,
  ...samlRoutes,
  ...observationsRoutes,
  ...videoRoutes,
  ...faceRoutes,
  ...integrationsRoutes,
  ...floorRoutes,
  ...certificationsRoutes,
  ...teamRoutes,
  ...insightsRoutes,
  ...recommendationsRoutes,
  ...skillsRoutes,
  ...scimTokenRoutes,
  ...peopleImportsRoutes,
  ...apiTokenRoutes,
  ...webhookRoutes,
} as const;

export type Api = typeof api;
