import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

/**
 * CRUD over the admin read-model endpoints (`GET /admin/users` answers with a Content-Range header).
 * fetchJson sends `Accept: application/json`, which is what routes these calls to the API rather than
 * to this app's index.html. Cookies go along, as for every call of the product. Commands that are not
 * CRUD (change plan, revoke, invite) become custom methods here in the admin console issue.
 */
export function createDataProvider(apiUrl: string): DataProvider {
  const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
  return simpleRestProvider(apiUrl, httpClient);
}
