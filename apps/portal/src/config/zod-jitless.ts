// zod 4 probes `new Function` to decide on compiled parsers; under the server's CSP (no
// 'unsafe-eval') the caught probe still raises a securitypolicyviolation. Interpreted parsing
// is fast enough for a portal's forms and answers. Imported before any schema is used.
import { z } from 'zod';

z.config({ jitless: true });
