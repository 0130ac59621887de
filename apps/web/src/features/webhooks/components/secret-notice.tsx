import { ShownOnceSecret } from '@/components/shown-once-secret.tsx';

/** The signing secret, this once: it cannot be read again, only rolled. */
export function SecretNotice(props: { secret: string; url: string; onDone: () => void }) {
  return (
    <ShownOnceSecret
      label="Signing secret"
      title={`The signing secret of ${props.url}`}
      secret={props.secret}
      onDone={props.onDone}
    >
      Copy it now into the receiver&apos;s configuration: it is not shown again. The receiver checks
      each post&apos;s <code className="text-body">bastion-signature</code> header:{' '}
      <code className="text-body">v1</code> is the HMAC-SHA256, under this secret, of the{' '}
      <code className="text-body">t</code> value, a dot and the body.
    </ShownOnceSecret>
  );
}
