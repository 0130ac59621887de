import Card from 'react-bootstrap/Card';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AccountRecords } from './account-records.tsx';
import { OpportunityRecords } from './opportunity-records.tsx';

/**
 * The built-in CRM's records, for its admins (issue 4): opportunities, and the customers,
 * partners and distributors they name, with their contacts. Shown only when Bastion is the CRM;
 * with Salesforce, records are edited there.
 */
export function CrmRecordsCard() {
  return (
    <Card>
      <Card.Header>
        <h2 className="h5 mb-0">Built-in CRM records</h2>
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">
          Add and change the opportunities, accounts and contacts quotes are made from. Changes show
          in the quote lists at once. Removing an opportunity takes it out of the lists; quotes
          already made from it keep it.
        </p>
        <Tabs defaultActiveKey="opportunities" id="crm-records-tabs" className="mb-3" mountOnEnter>
          <Tab eventKey="opportunities" title="Opportunities">
            <OpportunityRecords />
          </Tab>
          <Tab eventKey="accounts" title="Accounts">
            <AccountRecords />
          </Tab>
        </Tabs>
      </Card.Body>
    </Card>
  );
}
