import { CONDITION_OPERATORS } from '@bastion/domain/forms/recipe';
import { QUOTE_FACTS } from '@bastion/domain/terms/quote-facts';
import Table from 'react-bootstrap/Table';
import { TableHeadings } from '@/components/admin/table-headings.tsx';

/** The facts a condition may ask about, with an example of each. */
export function FactsReference() {
  return (
    <details className="small">
      <summary>Quote facts and operators</summary>
      <p className="mt-2 mb-1">
        Operators:{' '}
        {CONDITION_OPERATORS.map((op) => (
          <code key={op}>{op} </code>
        ))}
        , combined with <code>and</code>, <code>or</code>, <code>not</code> and parentheses. Leave
        the condition empty for a rule that always applies.
      </p>
      <Table size="sm" className="mb-0" aria-label="Quote facts">
        <TableHeadings names={['Fact', 'Meaning', 'Example']} />
        <tbody>
          {QUOTE_FACTS.map((fact) => (
            <tr key={fact.name}>
              <td>
                <code>{fact.name}</code>
              </td>
              <td>{fact.description}</td>
              <td>
                <code>{fact.example}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}
