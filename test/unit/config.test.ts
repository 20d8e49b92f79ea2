import { ConfigError, loadConfig } from '../../shared/config';

describe('config', () => {
  test('defaults suit one dev machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      TEMPORAL_UI_PORT: 8233,
      TEMPORAL_NAMESPACE: 'default',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/referral_service',
      databaseUrlExplicit: false,
      temporalAddress: '127.0.0.1:7233',
      temporalAddressExplicit: false,
      publicUrl: 'http://localhost:8080',
      MIGRATE_ON_START: true,
    });
  });

  test('explicit values win and are marked explicit', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/x',
      TEMPORAL_ADDRESS: 'temporal:7233',
      PORT: '9000',
      MIGRATE_ON_START: 'false',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u@db/x',
      databaseUrlExplicit: true,
      temporalAddress: 'temporal:7233',
      PORT: 9000,
      MIGRATE_ON_START: false,
    });
  });

  test('the mail notifier looks for events every 2 s and scans hourly by default', () => {
    expect(loadConfig({})).toMatchObject({ MAIL_NOTIFY_INTERVAL_MS: 2000, MAIL_SCAN_INTERVAL_MS: 3_600_000 });
    expect(loadConfig({ MAIL_SCAN_INTERVAL_MS: '60000' }).MAIL_SCAN_INTERVAL_MS).toBe(60_000);
  });

  test('an empty variable counts as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });

  test.each([
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['MIGRATE_ON_START', 'maybe'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_NAME', 'Bad-Name'],
    ['MAIL_NOTIFY_INTERVAL_MS', '10'],
    ['MAIL_SCAN_INTERVAL_MS', 'hourly'],
  ])('an invalid %s (%s) is a ConfigError naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });
});
