/** A column of a shipping-lines table: its heading, and its class (figures align right). */
export interface ShippingLinesColumn {
  label: string;
  className?: string;
}

/**
 * The heading row of a table of shipping lines (the recipe's breakups, the quote's shipping
 * page): what each line says, then the column of its remove button.
 */
export function ShippingLinesHead({ columns }: { columns: readonly ShippingLinesColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col" key={column.label} className={column.className}>
            {column.label}
          </th>
        ))}
        <th scope="col">
          <span className="visually-hidden">Remove</span>
        </th>
      </tr>
    </thead>
  );
}
