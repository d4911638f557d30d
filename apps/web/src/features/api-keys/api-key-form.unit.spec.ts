import { planBySlug } from '@inkprint/contracts';
import { curlExample, draftErrors, draftRequest, maxDailyCap, planHasApiKeys } from './api-key-form';

describe('API key form', () => {
  it('offers keys on Basic, Pro and Enterprise only, with a cap below the daily limit', () => {
    expect(planHasApiKeys(planBySlug('free-signup'))).toBe(false);
    expect(planHasApiKeys(null)).toBe(false);
    expect(planHasApiKeys(planBySlug('basic'))).toBe(true);
    expect(maxDailyCap(planBySlug('basic'))).toBe(19);
    expect(maxDailyCap(planBySlug('pro'))).toBe(59);
    expect(maxDailyCap(planBySlug('enterprise'))).toBeNull();
  });

  it("checks the draft as the API does, with the API's words", () => {
    const basic = planBySlug('basic');
    expect(draftErrors({ name: ' ', scopes: [], dailyCap: '' }, basic)).toEqual({
      name: 'Name the key.',
      scopes: 'Choose at least one scope.',
    });
    expect(draftErrors({ name: 'CI', scopes: ['detect'], dailyCap: '20' }, basic)).toEqual({
      dailyCap: "The daily cap must be below your plan's daily limit of 20 requests.",
    });
    expect(draftErrors({ name: 'CI', scopes: ['detect'], dailyCap: '2.5' }, basic).dailyCap).toBeDefined();
    expect(draftErrors({ name: 'CI', scopes: ['detect'], dailyCap: '19' }, basic)).toEqual({});
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
