import type { FormValues } from '@bastion/domain/forms/recipe';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { SectionTabs } from '@/components/admin/section-tabs.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { RecipeForm } from '@/components/recipe-form/recipe-form.tsx';
import {
  useFormDefinition,
  useServerFormCheck,
} from '@/components/recipe-form/use-form-definition.ts';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import { useFormRecipeList } from '../api/form-recipes.ts';
import { LookupListsSection } from '../components/lookup-lists-section.tsx';

/**
 * Configuration admin: the form recipes, each previewed live and checked by the server, and the
 * lookup lists the forms offer.
 */
export function ConfigAdminPage() {
  return (
    <>
      <PageHeader
        title="Configuration"
        subtitle="Try each form as users see it and check its answers against the server's rules; edit the lists its choices come from."
      />
      <SectionTabs
        id="config-admin-tabs"
        tabs={[
          { key: 'forms', title: 'Forms', content: <FormRecipesSection /> },
          { key: 'lists', title: 'Lists', content: <LookupListsSection /> },
        ]}
      />
    </>
  );
}

function FormRecipesSection() {
  const list = useFormRecipeList();
  const [selected, setSelected] = useState<string | null>(null);
  const name = selected ?? list.data?.[0]?.name ?? null;

  return (
    <>
      {list.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the forms" />
      ) : list.isError ? (
        <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <NoData title="No forms yet" message="Forms appear here once they are configured." />
      ) : (
        <div className="row g-4">
          <div className="col-12 col-lg-3">
            <h2 className="h6 text-body-secondary text-uppercase">Forms</h2>
            <ListGroup aria-label="Forms">
              {list.data.map((form) => (
                <ListGroup.Item
                  key={form.name}
                  action
                  active={form.name === name}
                  onClick={() => setSelected(form.name)}
                >
                  <div className="fw-semibold">{form.title}</div>
                  <small className={form.name === name ? '' : 'text-body-secondary'}>
                    {form.name} · version {form.version}
                  </small>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </div>
          <div className="col-12 col-lg-9">
            {name ? <FormPreview key={name} name={name} /> : null}
          </div>
        </div>
      )}
    </>
  );
}

function FormPreview({ name }: { name: string }) {
  const definition = useFormDefinition(name);
  const check = useServerFormCheck();
  const [attempt, setAttempt] = useState(0);
  // A new object only with a new refusal: the form forgets what was edited since the last one.
  const serverErrors = useMemo(
    () => (check.error ? fieldErrorsOf(check.error) : undefined),
    [check.error],
  );

  if (definition.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the form" />;
  }
  if (definition.isError) {
    return <ErrorScreen error={definition.error} onRetry={() => void definition.refetch()} />;
  }
  const { title, description, recipe, lookups } = definition.data;

  return (
    <Card>
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 className="h5 mb-0 me-auto">{title}</h2>
        <Badge bg="secondary">
          {recipe.rules.length === 1 ? '1 rule' : `${recipe.rules.length} rules`}
        </Badge>
      </Card.Header>
      <Card.Body>
        {description ? <p className="text-body-secondary">{description}</p> : null}
        <RecipeForm
          key={attempt}
          recipe={recipe}
          lookups={lookups}
          serverErrors={serverErrors}
          submitLabel="Check on the server"
          isSubmitting={check.isPending}
          onSubmit={(_payload, values: FormValues) => check.mutate({ name, values })}
          actions={
            <Button
              variant="outline-secondary"
              onClick={() => {
                check.reset();
                setAttempt((n) => n + 1);
              }}
            >
              Start again
            </Button>
          }
        />
        {check.isSuccess ? (
          <Alert variant="success" className="mt-3 mb-0" role="status">
            <div className="fw-semibold">The server accepted the form. It would store:</div>
            <pre className="mb-0 mt-2 small recipe-payload">
              {JSON.stringify(check.data.payload, null, 2)}
            </pre>
          </Alert>
        ) : check.isError ? (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            The server refused the form: {check.error.message}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
