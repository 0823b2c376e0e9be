import { z } from 'zod';
import { defineRoute } from './http.js';
import { ALL_ROLES } from './roles.js';
import {
  DomainParams,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  OrganizationChoices,
  OrganizationLookup,
  User,
} from './identity.js';
import { DashboardStats, RecentActivity } from './dashboard.js';
import { Health } from './health.js';

/**
 * Every HTTP route of the product. The gateway registers, guards and validates from this
 * table, the OpenAPI document is generated from it, and the web app calls through it.
 */
export const api = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'State of the gateway, each service, PostgreSQL and Redis (503 when any is down)',
    tag: 'system',
    access: 'public',
    response: Health,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password; sets the session cookie',
    tag: 'auth',
    access: 'public',
    body: LoginRequest,
    response: LoginResponse,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the current session on the server and clear its cookie',
    tag: 'auth',
    access: 'public',
    response: LogoutResponse,
  }),
  organizationByDomain: defineRoute({
    method: 'GET',
    path: '/api/auth/organization/:domain',
    summary: 'The organization that owns an email domain (404 when none)',
    tag: 'auth',
    access: 'public',
    params: DomainParams,
    response: OrganizationLookup,
  }),
  organizationChoices: defineRoute({
    method: 'GET',
    path: '/api/auth/organizations',
    summary:
      'Organizations for the sign-in picker: the caller’s own (all for the super administrator)',
    tag: 'auth',
    access: ALL_ROLES,
    response: OrganizationChoices,
  }),
  currentUser: defineRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user (401 when signed out)',
    tag: 'user',
    access: ALL_ROLES,
    response: User,
  }),
  dashboardStats: defineRoute({
    method: 'GET',
    path: '/api/stats/dashboard',
    summary: 'Hub figures of the caller’s organization (platform-wide for the super administrator)',
    tag: 'stats',
    access: ALL_ROLES,
    response: DashboardStats,
  }),
  recentActivity: defineRoute({
    method: 'GET',
    path: '/api/activity/recent',
    summary:
      'Latest sign-ins of the caller’s organization (platform-wide for the super administrator)',
    tag: 'stats',
    access: ALL_ROLES,
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: RecentActivity,
  }),
} as const;

export type Api = typeof api;
