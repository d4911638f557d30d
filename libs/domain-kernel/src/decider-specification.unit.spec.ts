import { deciderSpecification } from './decider-specification';
import type { Decider } from './decider';
import { DomainError } from './messages';

type Add = { type: 'Add'; data: { n: number } };
type Added = { type: 'Added'; data: { n: number } };
const counter: Decider<number, Add, Added> = {
  initialState: () => 0,
  decide: (c, total) => {
    if (total + c.data.n > 10) throw new DomainError('TOO_MUCH', 'Too much', 400, { total });
    return [{ type: 'Added', data: { n: c.data.n } }];
  },
  evolve: (total, e) => total + e.data.n,
};
const spec = deciderSpecification(counter);

describe('deciderSpecification', () => {
  it('passes when the events match', () => {
    spec
      .given([{ type: 'Added', data: { n: 4 } }])
      .when({ type: 'Add', data: { n: 1 } })
      .then([{ type: 'Added', data: { n: 1 } }]);
  });

  it('fails when the events differ', () => {
    expect(() =>
      spec
        .given()
        .when({ type: 'Add', data: { n: 1 } })
        .then([{ type: 'Added', data: { n: 2 } }]),
    ).toThrow(/expected events/);
  });

  it('checks refusals by code and details', () => {
    spec
      .given([{ type: 'Added', data: { n: 9 } }])
      .when({ type: 'Add', data: { n: 2 } })
      .thenThrows('TOO_MUCH', { total: 9 });
    expect(() =>
      spec
        .given([{ type: 'Added', data: { n: 9 } }])
        .when({ type: 'Add', data: { n: 2 } })
        .thenThrows('OTHER'),
    ).toThrow(/expected refusal OTHER/);
    expect(() =>
      spec
        .given()
        .when({ type: 'Add', data: { n: 2 } })
        .thenThrows('TOO_MUCH'),
    ).toThrow(/but got events/);
  });
});
