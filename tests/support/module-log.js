// `node --import ./tests/support/module-log.js ...`: every module the program resolves is appended to
// the file $JOINERY_MODULE_LOG, one URL a line, so a test can assert what a command loads.
import { register } from 'node:module';

register('./module-log-hooks.js', import.meta.url);
