import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { PageHeader } from '@/components/page-header.tsx';
import { useAppSettings } from '../api/app-settings.ts';
import { MaintenanceMessageButton } from '../components/maintenance-message-button.tsx';
import { SettingCard } from '../components/setting-card.tsx';

/**
 * /cpq/app-settings (issue 19, root and IT admins): the six application settings of spec §3,
 * each with what it does, its switch, who changed it last and its own Save.
 */
export function AppSettingsPage() {
  const settings = useAppSettings();
  return (
    <>
      <PageHeader
        title="App settings"
        subtitle="Switches that change how Bastion CPQ behaves for everybody. A change reaches open sessions within a minute."
      />
      {settings.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the app settings" />
      ) : settings.isError ? (
        <Alert variant="danger" role="alert">
          {settings.error.message}
        </Alert>
      ) : (
        <div style={{ maxWidth: '52rem' }}>
          {settings.data.settings.map((setting) => (
            <SettingCard
              key={setting.name}
              setting={setting}
              regions={settings.data.regions}
              extra={
                setting.name === 'maintenance' ? (
                  <MaintenanceMessageButton isMaintenanceOn={setting.is_on} />
                ) : undefined
              }
            />
          ))}
        </div>
      )}
    </>
  );
}
