// Every portal test: on a busy 2-core machine (CI, or several test projects at once) a render can
// take longer than Testing Library's default second to settle; waiting longer changes no verdict,
// since a wait ends as soon as its condition holds.
import './canvas-stand-ins.ts';
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
