// instances.test.ts on a private Redis Cluster (cluster-suite.ts).
import { runSuiteOnCluster } from './cluster-suite.ts';

runSuiteOnCluster('instances.test.ts');
