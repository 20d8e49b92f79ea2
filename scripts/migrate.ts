import { runCommand } from './cli';

// npm run migrate: applies pending migrations to DATABASE_URL (runCommand migrates first).
void runCommand(async () => {
  process.stdout.write('migrations are up to date\n');
});
