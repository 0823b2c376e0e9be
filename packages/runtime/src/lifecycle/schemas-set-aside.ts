/**
 * What `npm run restore` renames a service's schema to while it replaces it (infra/backup): put
 * back when the restore fails, dropped once it has committed. A service does not start while its
 * schema sits there, or it would make an empty one beside the data.
 */
export const SET_ASIDE_SUFFIX = '__before_restore';

export const setAsideName = (schema: string) => `${schema}${SET_ASIDE_SUFFIX}`;
