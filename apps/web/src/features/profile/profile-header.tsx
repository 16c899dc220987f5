import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Bdi } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { imageUrl } from '../../lib/api';

export function ProfileHeader({
  name,
  mobile,
  logo,
  extra,
}: {
  name: string;
  mobile: string;
  logo?: string | null;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group wrap="nowrap" align="center">
        <Avatar
          src={imageUrl(logo)}
          alt=""
          size={56}
          radius="xl"
          color="teal"
          imageProps={{ width: 56, height: 56, decoding: 'async' }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" truncate>
            <Bdi>{name}</Bdi>
          </Text>
          <Text c="dimmed" size="sm">
            <Ltr>+{mobile}</Ltr>
          </Text>
          {extra}
        </Stack>
      </Group>
    </Paper>
  );
}
