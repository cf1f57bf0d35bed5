import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { slowTestsFirst } from './test-sets.ts';

/** Vitest's order, then the known-long files of `slowTestsFirst` moved to the front, longest first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = slowTestsFirst.indexOf(path.relative(process.cwd(), spec.moduleId));
      return at === -1 ? slowTestsFirst.length : at;
    };
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
