// The validation half of a contract form (zod's set-up and the resolver), in a module of its own so
// that a form whose schema loads lazily (lazy-contract-form.ts) loads zod after its page is drawn.
// Before any schema is used: zod's compiled parsers would trip the CSP (see zod-jitless.ts).
import '../config/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';

export { zodResolver };
