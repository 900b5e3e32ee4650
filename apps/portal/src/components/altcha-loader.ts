// Loads the ALTCHA widget in its CSP-friendly build: 'altcha/external' neither injects <style>
// tags nor builds workers from inline code, so its stylesheet comes as a bundled CSS file and the
// proof-of-work worker as a same-origin script (the portal's CSP: style-src 'self', worker-src 'self').
// The widget's translations are not here: human-check.tsx loads the one language shown, in a task of
// its own (issue 7: the three of them evaluated with the widget made one long task on a phone).
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// The server issues PBKDF2/SHA-256 challenges only (apps/server/src/features/auth/altcha.ts).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
