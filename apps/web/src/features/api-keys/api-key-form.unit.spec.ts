import { planBySlug } from '@inkprint/contracts';
import { curlExample, draftErrors, draftRequest, maxDailyCap, planHasApiKeys } from './api-key-form';

describe('API key form', () => {
  it('offers keys on Basic, Pro and Enterprise only, with a cap up to and including the daily limit (issue 43 item 7)', () => {
    expect(planHasApiKeys(planBySlug('free-signup'))).toBe(false);
    expect(planHasApiKeys(null)).toBe(false);
    expect(planHasApiKeys(planBySlug('basic'))).toBe(true);
    expect(maxDailyCap(planBySlug('basic'))).toBe(20);
    expect(maxDailyCap(planBySlug('pro'))).toBe(60);
    expect(maxDailyCap(planBySlug('enterprise'))).toBeNull();
  });

  it("checks the draft as the API does, with the API's words", () => {
    const basic = planBySlug('basic');
    expect(draftErrors({ name: ' ', scopes: [], dailyCap: '' }, basic)).toEqual({
      name: 'Name the key.',
      scopes: 'Choose at least one scope.',
    });
    expect(draftErrors({ name: 'CI', scopes: ['detect'], dailyCap: '21' }, basic)).toEqual({
      dailyCap: "The daily cap must be at most your plan's daily limit of 20 requests.",
    });
    expect(draftErrors({ name: 'CI', scopes: ['detect'], dailyCap: '2.5' }, basic).dailyCap).toBeDefined();
    expect(draftErrors({ name: 'CI', scopes: ['detect'], dailyCap: '20' }, basic)).toEqual({});
    expect(draftErrors({ name: 'CI', scopes: ['detect'], dailyCap: '5000' }, planBySlug('enterprise'))).toEqual({});
  });

  it('sends scopes in catalogue order and the cap only when set', () => {
    expect(draftRequest({ name: ' CI ', scopes: ['reports', 'detect'], dailyCap: '' })).toEqual({
      name: 'CI',
      scopes: ['detect', 'reports'],
    });
    expect(draftRequest({ name: 'CI', scopes: ['detect'], dailyCap: '7' })).toMatchObject({ dailyCap: 7 });
    expect(curlExample('https://inkprint.example', 'ink_x')).toContain('Authorization: Bearer ink_x');
  });
});
