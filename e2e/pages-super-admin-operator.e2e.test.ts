import { describeWalks, setUpWalk } from './layout-walk.js';

/**
 * The super administrator's and the operator's walks of every page they may open: the layout at
 * three widths, then axe-core (`e2e/layout-walk.ts`), in a file of their own so that the e2e
 * workers share the walk.
 */
setUpWalk();
describeWalks('pages-super-admin-operator.e2e.test.ts');
