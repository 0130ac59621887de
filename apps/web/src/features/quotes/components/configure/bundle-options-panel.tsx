import {
  choiceProblems,
  featureHint,
  type BundleOptionsView,
} from '@bastion/domain/catalog/bundle-options';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SidePanel } from '@/components/side-panel.tsx';

type Option = BundleOptionsView['options'][number];

/** The panel's option groups: the bundle's features, then any options outside them. */
function groupsOf(bundle: BundleOptionsView) {
  const groups = bundle.features.map((feature) => ({
    feature,
    options: bundle.options.filter((option) => option.feature === feature.name),
  }));
  const others = bundle.options.filter((option) => option.feature === null);
  return { groups, others };
}

/**
 * Issue 34: the options of a configurable bundle, chosen group by group within each group's
 * fewest and most. Required options come with the bundle; a group of at most one is a set of
 * radio buttons. The choice is applied only when it breaks no group (the server checks again).
 */
export function BundleOptionsPanel({
  bundle,
  chosen: initial,
  applyLabel,
  onApply,
  onHide,
}: {
  /** The bundle being configured; null: the panel is closed. */
  bundle: BundleOptionsView | null;
  /** The options on the quote (or the bundle's starting choice for a new one). */
  chosen: readonly string[];
  applyLabel: string;
  onApply: (options: string[]) => void;
  onHide: () => void;
}) {
  return (
    <SidePanel show={bundle !== null} onHide={onHide} title="Choose bundle options">
      {bundle ? (
        <OptionsForm
          key={`${bundle.sku}:${initial.join(',')}`}
          bundle={bundle}
          initial={initial}
          applyLabel={applyLabel}
          onApply={onApply}
          onCancel={onHide}
        />
      ) : null}
    </SidePanel>
  );
}

function OptionsForm(props: {
  bundle: BundleOptionsView;
  initial: readonly string[];
  applyLabel: string;
  onApply: (options: string[]) => void;
  onCancel: () => void;
}) {
  const { bundle } = props;
  const [chosen, setChosen] = useState<string[]>(() =>
    // Required options are always in, whatever the quote held.
    [
      ...new Set([
        ...props.initial,
        ...bundle.options.filter((o) => o.selection === 'REQUIRED').map((o) => o.sku),
      ]),
    ],
  );
  const problems = choiceProblems(bundle.sku, bundle, chosen);
  const problemOf = (feature: string) => problems.find((p) => p.feature === feature)?.message;
  const { groups, others } = groupsOf(bundle);
  // In the bundle's order, so the lines come out as the catalogue lists them.
  const inOrder = () => bundle.options.map((o) => o.sku).filter((sku) => chosen.includes(sku));

  const toggle = (option: Option, isOn: boolean) =>
    setChosen((before) =>
      isOn ? [...before, option.sku] : before.filter((sku) => sku !== option.sku),
    );
  const pickOne = (groupOptions: readonly Option[], sku: string | null) =>
    setChosen((before) => [
      ...before.filter((s) => !groupOptions.some((o) => o.sku === s)),
      ...(sku === null ? [] : [sku]),
    ]);

  const optionLabel = (option: Option) => (
    <>
      {option.name} <span className="text-body-secondary small text-nowrap">({option.sku})</span>
      {option.quantity > 1 ? (
        <span className="text-body-secondary small"> × {option.quantity} per bundle</span>
      ) : null}
      {option.selection === 'REQUIRED' ? (
        <Badge bg="light" text="dark" className="ms-2">
          Included
        </Badge>
      ) : null}
    </>
  );

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problems.length === 0) props.onApply(inOrder());
      }}
    >
      <p className="mb-1 fw-semibold">{bundle.name}</p>
      <p className="small text-body-secondary">
        {bundle.sku} · Options follow the bundle’s quantity.
      </p>
      {groups.map(({ feature, options }) => {
        const problem = problemOf(feature.name);
        const isSingle = feature.max_options === 1;
        const groupId = `bundle-feature-${feature.name.replace(/\W+/g, '-')}`;
        return (
          <fieldset
            key={feature.name}
            className="mb-3"
            aria-describedby={`${groupId}-hint`}
            aria-invalid={problem ? true : undefined}
          >
            <legend className="h6 mb-0">{feature.name}</legend>
            <div id={`${groupId}-hint`} className="small text-body-secondary mb-1">
              {featureHint(feature)}
            </div>
            {isSingle && feature.min_options === 0 ? (
              <Form.Check
                type="radio"
                id={`${groupId}-none`}
                name={groupId}
                label="None"
                checked={!options.some((o) => chosen.includes(o.sku))}
                onChange={() => pickOne(options, null)}
              />
            ) : null}
            {options.map((option) => (
              <Form.Check
                key={option.sku}
                type={isSingle ? 'radio' : 'checkbox'}
                id={`${groupId}-${option.sku}`}
                name={groupId}
                label={optionLabel(option)}
                checked={chosen.includes(option.sku)}
                disabled={option.selection === 'REQUIRED'}
                onChange={(event) =>
                  isSingle ? pickOne(options, option.sku) : toggle(option, event.target.checked)
                }
              />
            ))}
            {problem ? (
              <div className="small text-danger mt-1" role="alert">
                {problem}
              </div>
            ) : null}
          </fieldset>
        );
      })}
      {others.length > 0 ? (
        <fieldset className="mb-3">
          <legend className="h6 mb-1">Also in the bundle</legend>
          {others.map((option) => (
            <Form.Check
              key={option.sku}
              type="checkbox"
              id={`bundle-option-${option.sku}`}
              label={optionLabel(option)}
              checked={chosen.includes(option.sku)}
              disabled={option.selection === 'REQUIRED'}
              onChange={(event) => toggle(option, event.target.checked)}
            />
          ))}
        </fieldset>
      ) : null}
      {problems
        .filter((p) => p.feature === null)
        .map((p) => (
          <div key={p.message} className="small text-danger mb-2" role="alert">
            {p.message}
          </div>
        ))}
      <div className="d-flex gap-2 justify-content-end border-top pt-3">
        <Button variant="outline-secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={problems.length > 0}>
          {props.applyLabel}
        </Button>
      </div>
    </Form>
  );
}
