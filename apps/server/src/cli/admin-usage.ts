/** `npm run admin -- help`: every command of the operator's command line. */
export const USAGE = `Usage: npm run admin -- <command>

  merchant list                      list merchants and their status
  merchant approve <mobile>          approve a merchant waiting for review
  merchant suspend <mobile>          suspend a merchant and end all its sessions
  tag add <name>                     add a tag merchants can put on offers and products
  customer grant <mobile> <points>   grant a customer points (written to the points ledger)
  customer verify <mobile>           confirm a customer's number yourself (no texted code needed)
  package add --name N --points P --amount A [--description D] [--validto YYYY-MM-DD]
              [--name-ar N] [--description-ar D]
                                     add a points package merchants can buy (amount in dollars)
  package list                       list the points packages
  invoice add --merchant <mobile> --name N --amount A [--description D]
              [--name-ar N] [--description-ar D]
                                     record an invoice for a merchant (amount in dollars)
  settlement move <id> <pending|paid>  move a settlement initial → pending → paid
  ticket reply <ticketId> <message>  answer a merchant's open ticket
  operator token [--days N] [label]  print a new operator token for /api/admin/... (only its hash is
                                     kept); it expires after N days (30 by default, 365 at most)
  operator tokens                    list the operator tokens (id, label, created, expires, revoked)
  operator revoke <id>               revoke an operator token: it stops working at once
  operator add <mobile> --role admin|support|finance --password <pw> [--name N] [--name-ar N]
                                     add an operator account for the console (/operator); prints,
                                     as its last line, the otpauth:// URI to scan into an
                                     authenticator app
  operator log                       the last 50 operator actions (who and when)
  demo                               fill the database with a bilingual demo
  backup <file>                      copy the embedded database to <file> while the server runs
                                     (on PostgreSQL: use pg_dump, see docs/deploy.md)
  restore <file>                     put a backup in DATA_DIR (the server must be stopped,
                                     or DATA_DIR a fresh folder)
  secrets rotate qr                  a new key signs QR codes from now on; the old one still
                                     verifies the codes it signed while they live
  sms status                         texts in the outbox per status, the oldest waiting, the
                                     latest failures and retries (never the texts)
`;
