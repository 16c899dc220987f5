/**
 * The operator's command line: `npm run admin -- <command>`. Each command prints what it did and
 * exits non-zero with a clear message on bad input. Safe to run while the server runs (SQLite WAL).
 */
import { messageText, operatorEndpoints } from '@loyalty/contract';
import pino from 'pino';
import { compose } from '../compose';
import { type Config, ConfigError, loadConfig } from '../config';
import { AppError } from '../core/errors';
import { openDatabase } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { PRODUCTION_COST } from '../lib/password';
import { OperatorError } from '../modules/operator/operator.service';
import { smsProviderFrom } from '../modules/sms/providers';
import { smsStatus } from '../modules/sms/sms.service';
import { s3Storage } from '../platform/images/storage';
import { paymentGatewayFrom } from '../platform/payments/payments';
import { cliEntry, flags } from './admin-args';
import { USAGE } from './admin-usage';
import { BackupError, backup, restore } from './backup';
import { runDemo } from './demo/demo.service';

async function main(argv: string[]): Promise<number> {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help') {
    process.stdout.write(USAGE);
    return group ? 0 : 2;
  }
  let config: Config;
  try {
    // the values are checked; a serving process's production requirements are the server's
    config = loadConfig(process.env, { forServer: false });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 78;
  }
  if (group === 'backup' || group === 'restore') {
    if (!action || rest.length) {
      console.error(`Usage: npm run admin -- ${group} <file>`);
      return 2;
    }
    try {
      const run = group === 'backup' ? backup : restore;
      console.log(await run({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, file: action }));
      return 0;
    } catch (err) {
      console.error(err instanceof BackupError ? err.message : `Failed: ${(err as Error).message}`);
      return 1;
    }
  }
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    pgSchema: config.databaseSchema,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  const log = pino({ level: 'warn' });
  try {
    await migrateToLatest(database);
    const { deps, services } = compose({
      database,
      dataDir: config.dataDir,
      uploadsDir: `${config.dataDir}/uploads`,
      storage: config.s3 ? s3Storage(config.s3) : undefined,
      log,
      hashCost: PRODUCTION_COST,
      sessionTtlMs: 0,
      payments: paymentGatewayFrom(config),
      // texts are queued for the servers' outbox workers (or logged, with SMS_PROVIDER=log)
      smsProvider: smsProviderFrom(config.sms),
      qrKeys: { signingKey: config.qr.signingKey, previousSigningKey: config.qr.previousSigningKey },
      operatorSecretKeys: config.operatorSecretKeys,
    });
    const op = services.operator;
    const entry = () => cliEntry(op, `${group} ${action}`);
    const need = (value: string | undefined, what: string) => {
      if (!value) throw new OperatorError(`Missing ${what}.\n\n${USAGE}`);
      return value;
    };
    switch (`${group} ${action ?? ''}`.trim()) {
      case 'merchant list': {
        const rows = await op.listMerchants();
        if (rows.length === 0) console.log('No merchants yet.');
        for (const m of rows)
          console.log(`${m.id}\t${m.mobile}\t${m.status}${m.isLive ? ' (live)' : ''}\t${m.balance} P\t${m.name}`);
        return 0;
      }
      case 'merchant approve': {
        const m = await op.approveMerchant(need(rest[0], 'mobile'), await entry());
        console.log(`Approved merchant ${m.name} (${m.mobile}).`);
        return 0;
      }
      case 'merchant suspend': {
        const m = await op.suspendMerchant(need(rest[0], 'mobile'), await entry());
        console.log(`Suspended merchant ${m.name} (${m.mobile}); all its sessions were ended.`);
        return 0;
      }
      case 'tag add': {
        const { tag, created } = await op.addTag(need(rest.join(' '), 'tag name'), await entry());
        console.log(created ? `Added tag ${tag.id}: ${tag.name}` : `Tag ${tag.id}: ${tag.name} already exists.`);
        return 0;
      }
      case 'customer verify': {
        const c = await op.verifyCustomer(need(rest[0], 'mobile'), await entry());
        console.log(`Customer ${c.name} (${c.mobile}) is confirmed; they can sign in.`);
        return 0;
      }
      case 'customer grant': {
        const g = await op.grantCustomerPoints(need(rest[0], 'mobile'), need(rest[1], 'points'), await entry());
        console.log(`Granted ${g.granted} P to customer ${g.name} (${g.mobile}); balance now ${g.balance} P.`);
        return 0;
      }
      case 'package add': {
        const f = flags(rest, ['name', 'name-ar', 'points', 'amount', 'description', 'description-ar', 'validto']);
        const p = await op.addPackage(
          {
            name: f.name,
            nameAr: f['name-ar'],
            points: f.points,
            amount: f.amount,
            description: f.description,
            descriptionAr: f['description-ar'],
            validto: f.validto,
          },
          await entry(),
        );
        console.log(
          `Added package ${p.id}: ${p.name}, ${p.points} P for $${p.amount.toFixed(2)}${p.validto ? `, for sale until ${p.validto}` : ''}.`,
        );
        return 0;
      }
      case 'package list': {
        const rows = await op.listPackages();
        if (rows.length === 0) console.log('No packages yet.');
        for (const p of rows)
          console.log(
            `${p.id}\t${p.points} P\t$${p.amount.toFixed(2)}\t${p.validto ? `until ${p.validto}` : 'no end'}${p.isActive ? '' : ' (inactive)'}\t${p.name}`,
          );
        return 0;
      }
      case 'invoice add': {
        const f = flags(rest, ['merchant', 'name', 'amount', 'description', 'name-ar', 'description-ar']);
        const i = await op.addInvoice(
          { ...f, nameAr: f['name-ar'], descriptionAr: f['description-ar'] },
          await entry(),
        );
        console.log(
          `Added invoice ${i.id} for ${i.merchant.name} (${i.merchant.mobile}): ${i.name}, $${i.amount.toFixed(2)}.`,
        );
        return 0;
      }
      case 'settlement move': {
        const s = await op.moveSettlement(
          need(rest[0], 'settlement id'),
          need(rest[1], 'pending or paid'),
          undefined,
          await entry(),
        );
        console.log(
          `Moved settlement ${s.id} of ${s.merchantName} ($${s.amount.toFixed(2)}) from ${s.from} to ${s.to}.`,
        );
        return 0;
      }
      case 'ticket reply': {
        const { ticket } = await op.replyTicket(
          need(rest[0], 'ticket id'),
          need(rest.slice(1).join(' '), 'message'),
          'cli',
          await entry(),
        );
        console.log(`Replied on ticket ${ticket.id} of ${ticket.User.name}.`);
        return 0;
      }
      case 'operator token': {
        const days = rest[0] === '--days' ? need(rest[1], 'number of days') : undefined;
        const { id, token, expiresAt } = await op.createToken(
          (days ? rest.slice(2) : rest).join(' '),
          days,
          await entry(),
        );
        console.log(
          `Operator token ${id}, valid until ${expiresAt} (shown once, keep it secret; send it as Authorization: Bearer <token>):`,
        );
        console.log(token);
        return 0;
      }
      case 'operator tokens': {
        const rows = await op.listTokens();
        if (rows.length === 0) console.log('No operator tokens yet.');
        for (const r of rows)
          console.log(
            `${r.id}\t${r.createdAt}\t${r.revokedAt ? `revoked ${r.revokedAt}` : r.expiresAt && r.expiresAt <= new Date().toISOString() ? `expired ${r.expiresAt}` : `active until ${r.expiresAt}`}\t${r.label ?? ''}`,
          );
        return 0;
      }
      case 'operator revoke': {
        const r = await op.revokeToken(need(rest[0], 'token id'), await entry());
        if (r.alreadyRevoked) {
          console.log(`Operator token ${r.id} was already revoked (${r.revokedAt}).`);
          return 0;
        }
        console.log(`Revoked operator token ${r.id}${r.label ? ` (${r.label})` : ''}; it no longer opens /api/admin.`);
        return 0;
      }
      case 'operator add': {
        const f = flags(rest.slice(1), ['role', 'password', 'name', 'name-ar']);
        const mobile = need(rest[0], 'mobile');
        const parsed = operatorEndpoints['admin/operator/add'].body.safeParse({
          mobile,
          name: f.name ?? mobile,
          nameAr: f['name-ar'],
          role: need(f.role, '--role admin|support|finance'),
          password: need(f.password, '--password'),
        });
        if (!parsed.success)
          throw new OperatorError(
            parsed.error.issues.map((i) => `--${String(i.path[0])}: ${messageText(i.message)}`).join('\n'),
          );
        const { operator, otpauthUri } = await services.operatorAccounts.add(parsed.data, await entry());
        console.log(`Added operator ${operator.id}: ${operator.name} (${operator.mobile}), role ${operator.role}.`);
        console.log('Scan this into an authenticator app (shown once):');
        console.log(otpauthUri);
        return 0;
      }
      case 'operator log': {
        for (const a of await op.recentActions()) console.log(`${a.createdAt}\t${a.actor}\t${a.action}\t${a.detail}`);
        return 0;
      }
      case 'secrets rotate': {
        if (rest[0] !== 'qr' || rest.length !== 1)
          throw new OperatorError(`Usage: npm run admin -- secrets rotate qr\n\n${USAGE}`);
        const r = await op.rotateQrKey(await entry());
        console.log(`QR signing key rotated: ${r.kid} signs new codes (every server within 30 s).`);
        if (r.retired.length)
          console.log(
            `Retired ${r.retired.join(', ')}: still verifying the codes they signed until ${r.verifiesUntil}.`,
          );
        if (services.qrKeys.source() === 'environment')
          console.log(
            'Note: QR_SIGNING_KEY is set, so the servers sign with that key, not the database\'s; rotate it in the environment (docs/deploy.md, "Key rotation").',
          );
        return 0;
      }
      case 'sms status': {
        const s = await smsStatus(deps.store, 20);
        const c = s.counts;
        console.log(`SMS provider: ${config.sms.provider}`);
        console.log(`pending ${c.pending}\tsent ${c.sent}\tfailed ${c.failed}\texpired ${c.expired}`);
        if (s.oldestPending) console.log(`oldest pending since ${s.oldestPending}`);
        if (s.problems.length) console.log('\nlatest problems (newest first):');
        for (const p of s.problems)
          console.log(
            `${p.id}\t${p.status}\t${p.toMobile}\t${p.kind ?? '-'}\t${p.attempts} attempt(s)\t${p.updatedAt ?? p.createdAt}\t${p.provider ?? ''} ${p.lastError ?? ''}`,
          );
        return 0;
      }
      case 'demo': {
        await runDemo(deps, services, (line) => console.log(line));
        return 0;
      }
      default:
        throw new OperatorError(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
    }
  } catch (err) {
    if (err instanceof OperatorError) {
      console.error(err.message);
      return 1;
    }
    // a rule of the services (a balance at its cap): its message, as the API would answer it
    console.error(err instanceof AppError ? messageText(err.key, 'en') : `Failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
