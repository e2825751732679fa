// write-lease.test.ts on a private Redis Cluster (cluster-suite.ts).
import { runSuiteOnCluster } from './cluster-suite.ts';

runSuiteOnCluster('write-lease.test.ts');
