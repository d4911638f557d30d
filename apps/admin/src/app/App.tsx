import { MessageResponse } from '@inkprint/contracts';
import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { admins } from '../admins';
import { SuperAdminOnly } from '../admins/SuperAdminOnly';
import { Dashboard } from '../dashboard/Dashboard';
import { InviteScreen } from '../invite/InviteScreen';
import { MfaScreen } from '../mfa/MfaScreen';
import { AdminLayout } from '../layout/AdminLayout';
import { theme } from '../layout/theme';
import { createAuthProvider } from '../providers/auth-provider';
import { createDataProvider } from '../providers/data-provider';
import { createApiClient } from '../providers/http-client';
import { rememberRedirect, signInUrl } from '../providers/session';
import { users } from '../users';
import { TimelineRedirect, UserDetail } from '../users/UserDetail';
import { ADMIN_BASENAME } from './config';
import { Guard } from './Guard';

function toSignIn(): void {
  const path = window.location.pathname + window.location.search;
  rememberRedirect(window.localStorage, path);
  window.location.assign(signInUrl(path));
}

function toHome(): void {
  window.location.replace('/');
}

/**
 * react-admin would create a HashRouter (`/admin/#/users`); the product uses real paths (`/admin/users`,
 * `/admin/invite?token=`), so the app brings a BrowserRouter whose basename is the path it is served under.
 * The invite screen is open to any visitor (the invited person is not an admin yet); everything else is guarded.
 */
export function App({ apiOrigin }: { apiOrigin: string }) {
  const { dataProvider, authProvider } = useMemo(() => {
    const storage = window.localStorage;
    const client = createApiClient({ apiOrigin, storage, onSignedOut: toSignIn });
    const revoke = () => client.request('/auth/logout', { schema: MessageResponse, method: 'POST' });
    return {
      dataProvider: createDataProvider(client),
      authProvider: createAuthProvider({ storage, toSignIn, revoke }),
    };
  }, [apiOrigin]);

  return (
    <BrowserRouter basename={ADMIN_BASENAME}>
      <Routes>
        <Route path="/invite" element={<InviteScreen dataProvider={dataProvider} storage={window.localStorage} />} />
        <Route
          path="/*"
          element={
            <Guard dataProvider={dataProvider} storage={window.localStorage} toSignIn={toSignIn} toHome={toHome}>
              <Admin
                dataProvider={dataProvider}
                authProvider={authProvider}
                dashboard={Dashboard}
                layout={AdminLayout}
                theme={theme}
                title="Inkprint admin"
                loginPage={false}
                disableTelemetry
              >
                {(permissions) => (
                  <>
                    <Resource {...users} />
                    {permissions === 'super_admin' ? <Resource {...admins} /> : null}
                    <CustomRoutes>
                      <Route path="/users/:id" element={<UserDetail />} />
                      <Route path="/users/:id/timeline" element={<TimelineRedirect />} />
                      <Route path="/security" element={<MfaScreen dataProvider={dataProvider} mode="page" />} />
                      {permissions === 'super_admin' ? null : <Route path="/admins/*" element={<SuperAdminOnly />} />}
                    </CustomRoutes>
                  </>
                )}
              </Admin>
            </Guard>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
