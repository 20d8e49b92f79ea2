import { exitOnStartFailure } from '../../shared/process';
import { runWorkerProcess } from './run';

runWorkerProcess().catch(exitOnStartFailure('worker'));
