/**
 * The operator's command line: `npm run admin -- <command>`. Each command prints what it did and
 * exits non-zero with a clear message on bad input. Safe to run while the server runs (SQLite WAL).
 */
import pino from 'pino';
import { compose } from '../compose';
import { loadConfig } from '../config';
import { openDatabase } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { PRODUCTION_COST } from '../lib/password';
import { runDemo } from '../modules/demo/demo.service';
import { s3Storage } from '../modules/images/storage';
import { OperatorError } from '../modules/operator/operator.service';
import { paymentGatewayFrom } from '../modules/payments/payments';
import { BackupError, backup, restore } from './backup';

const USAGE = `Usage: npm run admin -- <command>

  merchant list                      list merchants and their status
  merchant approve <mobile>          approve a merchant waiting for review
  merchant suspend <mobile>          suspend a merchant and end all its sessions
  tag add <name>                     add a tag merchants can put on offers and products
  customer grant <mobile> <points>   grant a customer points (written to the points ledger)
  package add --name N --points P --amount A [--description D] [--validto YYYY-MM-DD]
              [--name-ar N] [--description-ar D]
                                     add a points package merchants can buy (amount in dollars)
  package list                       list the points packages
  invoice add --merchant <mobile> --name N --amount A [--description D]
                                     record an invoice for a merchant (amount in dollars)
  settlement move <id> <pending|paid>  move a settlement initial → pending → paid
  ticket reply <ticketId> <message>  answer a merchant's open ticket
  operator token [label]             print a new operator token for /api/admin/... (only its hash is kept)
  operator tokens                    list the operator tokens (id, label, created, revoked)
  operator revoke <id>               revoke an operator token: it stops working at once
  operator log                       the last 50 operator actions (who and when)
  demo                               fill the database with a bilingual demo
  backup <file>                      copy the embedded database to <file> while the server runs
                                     (on PostgreSQL: use pg_dump, see docs/deploy.md)
  restore <file>                     put a backup in DATA_DIR (the server must be stopped,
                                     or DATA_DIR a fresh folder)
`;

/** `--key value` pairs; a flag without a value, or an unknown one, is refused. */
function flags(args: string[], known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i];
    const value = args[i + 1];
    if (!key.startsWith('--') || !known.includes(key.slice(2)))
      throw new OperatorError(`Unknown option ${key}; expected ${known.map((k) => `--${k}`).join(', ')}.\n\n${USAGE}`);
    if (value === undefined || value.startsWith('--')) throw new OperatorError(`${key} needs a value.\n\n${USAGE}`);
    out[key.slice(2)] = value;
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help') {
    process.stdout.write(USAGE);
    return group ? 0 : 2;
  }
  const config = loadConfig();
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
    });
    const op = services.operator;
    /** Every action is logged with who (the command line) and when (docs/domain.md, "Operator"). */
    const record = (detail: unknown) => op.record('cli', `${group} ${action}`, detail);
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
        const m = await op.approveMerchant(need(rest[0], 'mobile'));
        await record({ merchantId: m.id, mobile: m.mobile });
        console.log(`Approved merchant ${m.name} (${m.mobile}).`);
        return 0;
      }
      case 'merchant suspend': {
        const m = await op.suspendMerchant(need(rest[0], 'mobile'));
        await record({ merchantId: m.id, mobile: m.mobile });
        console.log(`Suspended merchant ${m.name} (${m.mobile}); all its sessions were ended.`);
        return 0;
      }
      case 'tag add': {
        const { tag, created } = await op.addTag(need(rest.join(' '), 'tag name'));
        await record({ tagId: tag.id, name: tag.name, created });
        console.log(created ? `Added tag ${tag.id}: ${tag.name}` : `Tag ${tag.id}: ${tag.name} already exists.`);
        return 0;
      }
      case 'customer grant': {
        const g = await op.grantCustomerPoints(need(rest[0], 'mobile'), need(rest[1], 'points'));
        await record({ customerId: g.id, points: g.granted, reference: g.reference });
        console.log(`Granted ${g.granted} P to customer ${g.name} (${g.mobile}); balance now ${g.balance} P.`);
        return 0;
      }
      case 'package add': {
        const f = flags(rest, ['name', 'name-ar', 'points', 'amount', 'description', 'description-ar', 'validto']);
        const p = await op.addPackage({
          name: f.name,
          nameAr: f['name-ar'],
          points: f.points,
          amount: f.amount,
          description: f.description,
          descriptionAr: f['description-ar'],
          validto: f.validto,
        });
        await record({ packageId: p.id, name: p.name, points: p.points, amountCents: p.amountCents });
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
        const f = flags(rest, ['merchant', 'name', 'amount', 'description']);
        const i = await op.addInvoice(f);
        await record({ invoiceId: i.id, merchant: i.merchant.mobile, amountCents: i.amountCents });
        console.log(
          `Added invoice ${i.id} for ${i.merchant.name} (${i.merchant.mobile}): ${i.name}, $${i.amount.toFixed(2)}.`,
        );
        return 0;
      }
      case 'settlement move': {
        const s = await op.moveSettlement(need(rest[0], 'settlement id'), need(rest[1], 'pending or paid'));
        await record({ settlementId: s.id, from: s.from, to: s.to });
        console.log(
          `Moved settlement ${s.id} of ${s.merchantName} ($${s.amount.toFixed(2)}) from ${s.from} to ${s.to}.`,
        );
        return 0;
      }
      case 'ticket reply': {
        const { ticket, message } = await op.replyTicket(
          need(rest[0], 'ticket id'),
          need(rest.slice(1).join(' '), 'message'),
          'cli',
        );
        await record({ ticketId: ticket.id, messageId: message.id });
        console.log(`Replied on ticket ${ticket.id} of ${ticket.User.name}.`);
        return 0;
      }
      case 'operator token': {
        const { id, token } = await op.createToken(rest.join(' '));
        await record({ tokenId: id });
        console.log(`Operator token ${id} (shown once, keep it secret; send it as Authorization: Bearer <token>):`);
        console.log(token);
        return 0;
      }
      case 'operator tokens': {
        const rows = await op.listTokens();
        if (rows.length === 0) console.log('No operator tokens yet.');
        for (const r of rows)
          console.log(
            `${r.id}\t${r.createdAt}\t${r.revokedAt ? `revoked ${r.revokedAt}` : 'active'}\t${r.label ?? ''}`,
          );
        return 0;
      }
      case 'operator revoke': {
        const r = await op.revokeToken(need(rest[0], 'token id'));
        if (r.alreadyRevoked) {
          console.log(`Operator token ${r.id} was already revoked (${r.revokedAt}).`);
          return 0;
        }
        await record({ tokenId: r.id });
        console.log(`Revoked operator token ${r.id}${r.label ? ` (${r.label})` : ''}; it no longer opens /api/admin.`);
        return 0;
      }
      case 'operator log': {
        for (const a of await op.recentActions()) console.log(`${a.createdAt}\t${a.actor}\t${a.action}\t${a.detail}`);
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
    console.error(`Failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
