import { describeWalks, setUpWalk } from './layout-walk.js';

/**
 * The administrator's and the manager's walks of every page they may open: the layout at three
 * widths, then axe-core (`e2e/layout-walk.ts`), in a file of their own so that the e2e workers
 * share the walk.
 */
setUpWalk();
describeWalks('pages-admin-manager.e2e.test.ts');
