// The SLA targets per priority (issue 17): a change is audited with what it replaced.
import type { Tx } from '../../db/client.ts';
import type { SlaTarget } from '../../../shared/schemas/sla.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { readSlaTargets, writeSlaTargets } from './sla.ts';

export async function changeSlaTargets(
  tx: Tx,
  actor: Actor,
  targets: SlaTarget[],
): Promise<SlaTarget[]> {
  const before = await readSlaTargets(tx);
  await writeSlaTargets(tx, targets);
  const after = await readSlaTargets(tx);
  await recordAudit(tx, actor, {
    action: 'sla_targets.update',
    entityType: 'sla_targets',
    entityId: null,
    customerId: null,
    details: { before, after },
  });
  return after;
}
