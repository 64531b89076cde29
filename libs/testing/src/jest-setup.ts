import 'reflect-metadata';
import { Logger } from '@nestjs/common';

process.env.LOG_LEVEL ??= 'silent';
// Nest's own static logger writes to the console directly; keep test output to the results.
if (process.env.LOG_LEVEL === 'silent') Logger.overrideLogger(false);
