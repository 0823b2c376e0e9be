/**
 * The product's routes as the app calls them: proto's route index (each route's method, path,
 * access and upload field, typed by its whole contract), not the route table itself, whose
 * schemas the browser would build at every load and never use (the server validates every
 * answer).
 */
export { routeIndex as api } from '@hub/proto';
