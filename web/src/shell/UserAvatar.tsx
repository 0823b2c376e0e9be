import { Avatar } from 'radix-ui';
import clsx from 'clsx';
import { initialsOf, profilePictureUrl } from './userDisplay';

interface UserAvatarProps {
  name: string;
  profilePicture: string | null;
  className?: string;
}

export function UserAvatar({ name, profilePicture, className }: UserAvatarProps) {
  const src = profilePictureUrl(profilePicture);
  return (
    <Avatar.Root
      className={clsx(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-600 text-xs font-semibold text-white',
        className,
      )}
    >
      {src && <Avatar.Image src={src} alt={name} className="size-full object-cover" />}
      <Avatar.Fallback delayMs={src ? 300 : 0}>{initialsOf(name)}</Avatar.Fallback>
    </Avatar.Root>
  );
}
