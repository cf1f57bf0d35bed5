import { PageHeader } from '../layout.tsx';
import { ApiReference } from './api-reference.tsx';
import { TokensCard } from './tokens-card.tsx';

/** Issue 21: personal API tokens and the API reference, for wiring the portal into other tools. */
export function ApiScreen() {
  return (
    <>
      <PageHeader title="API" />
      <div className="grid gap-6">
        <TokensCard />
        <ApiReference />
      </div>
    </>
  );
}
