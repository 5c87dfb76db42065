import { compareIds, isId } from '@chat/domain';

describe('isId', () => {
  it.each(['0', '1', '42', '1000000000000000001', '9223372036854775807'])('accepts %j', (value) => {
    expect(isId(value)).toBe(true);
  });

  it.each([
    ['the empty string', ''],
    ['letters', 'abc'],
    ['a leading zero', '01'],
    ['a negative number', '-1'],
    ['a decimal', '1.5'],
    ['an exponent', '1e5'],
    ['surrounding spaces', ' 1 '],
    ['full-width digits', '１２'],
    ['one past the signed 64-bit maximum', '9223372036854775808'],
    ['twenty digits', '10000000000000000000'],
  ])('rejects %s', (_name, value) => {
    expect(isId(value)).toBe(false);
  });
});

describe('compareIds', () => {
  it('orders ids numerically, not as text', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('10', '9')).toBeGreaterThan(0);
  });

  it('orders ids of the same length', () => {
    expect(compareIds('1000000000000000001', '1000000000000000002')).toBeLessThan(0);
    expect(compareIds('1000000000000000002', '1000000000000000001')).toBeGreaterThan(0);
  });

  it('is zero for equal ids', () => {
    expect(compareIds('123', '123')).toBe(0);
  });

  it('sorts a mixed list into numeric order', () => {
    expect(['100', '2', '10', '1', '9223372036854775807', '0'].sort(compareIds)).toEqual([
      '0',
      '1',
      '2',
      '10',
      '100',
      '9223372036854775807',
    ]);
  });
});
