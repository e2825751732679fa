// races.test.ts on a private Redis Cluster (cluster-suite.ts).
import { runSuiteOnCluster } from './cluster-suite.ts';

runSuiteOnCluster('races.test.ts');
